#!/usr/bin/env bash
# Test prerequisites that npm does not install: Debian's Chromium for the browser tests.
# Idempotent; run by the e2e tests' global setup. Never downloads a browser of its own.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq chromium > /dev/null
/usr/bin/chromium --version
