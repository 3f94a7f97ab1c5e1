/**
 * The small part of Squarespace's browser runtime that template scripts call (docs/templates.md,
 * "Browser runtime"), written by `{squarespace-headers}` on developer-platform pages only, before
 * any template script: `Y` (`Y.use`, `Y.one`/`Y.all` with the node methods templates use,
 * `Y.on('domready')`, `Y.Global.on` for the style editor's events, which never come), `ImageLoader.load` for `{@|image-meta}` images (their `data-src`), and
 * `Squarespace.initializeLayoutBlocks` and its siblings as no-ops, and `Static.SQUARESPACE_CONTEXT`
 * (no signed-in account, no tweak values: the page is cached for everyone). Our own islands do the rest
 * (cart, add to cart), so nothing here talks to the server.
 */

/** The runtime's source: plain ES5, as templates' own scripts expect a browser global. */
export const TEMPLATE_RUNTIME = `(function(w,d){if(w.Y&&w.Y.use)return;
function ready(f){d.readyState==='loading'?d.addEventListener('DOMContentLoaded',function(){f()}):setTimeout(f,0)}
function node(e){if(!e)return null;var n={_node:e,getDOMNode:function(){return e},
one:function(s){return node(e.querySelector(s))},all:function(s){return list(e.querySelectorAll(s))},
addClass:function(c){e.classList.add(c);return n},removeClass:function(c){e.classList.remove(c);return n},
toggleClass:function(c,f){e.classList.toggle(c,f);return n},hasClass:function(c){return e.classList.contains(c)},
getAttribute:function(a){return e.getAttribute(a)},setAttribute:function(a,v){e.setAttribute(a,v);return n},
getData:function(a){return e.getAttribute('data-'+a)},get:function(p){return e[p]},set:function(p,v){e[p]=v;return n},
getStyle:function(p){return getComputedStyle(e)[p]},setStyle:function(p,v){e.style[p]=v;return n},
setHTML:function(h){e.innerHTML=h;return n},ancestor:function(s){return node(e.parentElement&&e.parentElement.closest(s))},
on:function(t,f){e.addEventListener(t,function(v){f.call(n,v)});return n},inDoc:function(){return d.contains(e)}};return n}
function list(es){var a=Array.prototype.map.call(es||[],node),l={size:function(){return a.length},item:function(i){return a[i]||null},
isEmpty:function(){return a.length===0},getDOMNodes:function(){return a.map(function(n){return n._node})},
each:function(f,c){a.forEach(function(n,i){f.call(c||n,n,i,l)});return l}};
['addClass','removeClass','toggleClass','setAttribute','setStyle','on'].forEach(function(m){l[m]=function(){var g=arguments;a.forEach(function(n){n[m].apply(n,g)});return l}});return l}
var Y={config:{win:w,doc:d},one:function(s){return typeof s==='string'?node(d.querySelector(s)):s&&s._node?s:node(s)},
all:function(s){return list(typeof s==='string'?d.querySelectorAll(s):s)},
on:function(t,f,s){if(t==='domready'){ready(f);return}Y.all(s||[w]).on(t,f)},
use:function(){var f=arguments[arguments.length-1];if(typeof f==='function')ready(function(){f(Y)});return Y},
later:function(ms,c,f){return setTimeout(function(){f.call(c)},ms)},Global:{on:function(){return{detach:function(){}}}}};
w.Y=Y;w.YUI=w.YUI||function(){return Y};
w.ImageLoader={load:function(i){var e=i&&i._node?i._node:i;if(e&&e.getAttribute){var s=e.getAttribute('data-src')||e.getAttribute('data-image');if(s&&e.getAttribute('src')!==s)e.setAttribute('src',s)}return true}};
w.Static=w.Static||{SQUARESPACE_CONTEXT:{authenticatedAccount:null,tweakJSON:{},website:{},websiteSettings:{}}};
var S=w.Squarespace=w.Squarespace||{};
['initializeLayoutBlocks','initializeNativeVideo','initializeVideo','initializeCommerce','initializeCartPage','initializeFormBlocks','initializeSummaryV2Block','initializeSocialButtons','initializePageContent','initializeWebsiteComponent','afterBodyLoad','globalInit']
.forEach(function(m){S[m]=S[m]||function(){}});S.onInitialize=S.onInitialize||function(y,f){ready(f)};
ready(function(){Array.prototype.forEach.call(d.querySelectorAll('img[data-image][data-src]:not([src])'),w.ImageLoader.load)})
})(window,document);`;
