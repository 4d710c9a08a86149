export { describeRouting } from './describeRouting';
export { parseMentions } from './parseMentions';
export { isRoutable, type RouteDecision, type RouteInput, route } from './route';
