// Where a remote's build for Node (remoteServerConfig in preset.mjs) puts its files and what it asks
// the gateway for (infra/gateway/remote-server-modules.ts). CommonJS, so that the build, the gateway
// and the gateway's tests (jest runs CommonJS) read the same names.

/**
 * Inside a remote's dist (so that a published release carries it): its exposed modules built for
 * Node, one CommonJS file per expose. The gateway runs them and never serves this folder.
 */
const REMOTE_SERVER_FOLDER = '.server';

/**
 * The one module a remote's Node build asks for besides the platform's shared ones: the URL of the
 * folder its files are served from, which the gateway answers when it loads the build.
 */
const REMOTE_PUBLIC_PATH_MODULE = 'portal:remote-public-path';

/** `./TrackingCard` → `TrackingCard`: the name of an expose's file in a remote's Node build. */
function exposeFileName(expose) {
  return expose.replace(/^\.\//, '').replace(/[^A-Za-z0-9_-]/g, '_');
}

module.exports = { REMOTE_SERVER_FOLDER, REMOTE_PUBLIC_PATH_MODULE, exposeFileName };
