// What the live feature offers the rest of the app (decision 0017): the socket layer, composed by app.ts.
// Features publish their events to ../../live-events.ts, not to this feature.
export { type LiveOptions, livePlugin } from './live.plugin.js';
