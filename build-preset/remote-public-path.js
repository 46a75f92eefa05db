// The first module of each exposed module's Node build (remoteServerConfig in preset.mjs): the URLs
// of the remote's own files (illustrations) start with the folder the gateway serves the remote
// from, which only the gateway knows (a workspace's dist or a release folder), as `publicPath:
// 'auto'` finds it from the script's URL in the browser.
import publicPath from 'portal:remote-public-path';

__webpack_public_path__ = publicPath;
