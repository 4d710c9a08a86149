// The views only Independent and Council turns and reviews show: a chunk of their own, loaded when a thread first
// shows one (see `lazyViews`), so the first paint of an ordinary thread does not wait for them. Discuss disputes' views
// are here too: a round's positions, and (through the synthesis) what a round changed and the button that starts one;
// and Compare strategies, through the synthesis as well; and the line of a Council that ended at its unanimous vote.
export { AgreedLine } from './AgreedLine';
export { PositionsContent } from './DisputeViews';
export { PlanHeader } from './PlanHeader';
export { ReviewBubble } from './ReviewBubble';
export { SynthesisContent } from './SynthesisContent';
