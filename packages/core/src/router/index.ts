export { describeRouting } from './describeRouting';
export { parseMentions } from './parseMentions';
export { type RouteDecision, type RouteInput, route } from './route';
