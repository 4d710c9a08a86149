// The views only Independent and Council turns and reviews show: a chunk of their own, loaded when a thread first
// shows one (see `lazyViews`), so the first paint of an ordinary thread does not wait for them.
export { PlanHeader } from './PlanHeader';
export { ReviewBubble } from './ReviewBubble';
export { SynthesisContent } from './SynthesisContent';
