// The async boundary Module Federation needs: shared singletons are negotiated
// before any module that imports them runs.
import(/* webpackChunkName: "bootstrap" */ './bootstrap');
