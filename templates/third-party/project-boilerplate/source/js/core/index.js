/**
 *
 * @public
 * @module core
 * @description Holds the different core modules.
 *
 */
import config from './config';
import dom from './dom';
import env from './env';
import log from './log';
import detect from './detect';
import * as util from './util';
import emitter from './emitter';

export {
  config,
  dom,
  env,
  log,
  detect,
  util,
  emitter
};
