/**
 * Models known to read images, by the names CLIProxyAPI and the providers give them: every Claude 3 and later, GPT-4o,
 * GPT-4.1, GPT-5 and the o-series reasoning models, Gemini, Grok 4 and the vision-tuned Kimi and Qwen models. A seat
 * on another model reads images only when its setting says `"vision": true`.
 */
const VISION_MODELS = [
  /^claude-(3|opus|sonnet|haiku)/,
  /^(openai\/)?gpt-(4o|4\.1|5)/,
  /^(openai\/)?o[134](-|$)/,
  /^gemini-/,
  /^grok-4/,
  /vision|-vl\b|vl-/,
];

/** Whether a seat on `model` takes images when its setting does not say. */
export function takesImagesByDefault(model: string): boolean {
  const name = model.toLowerCase();
  return VISION_MODELS.some((pattern) => pattern.test(name));
}

/** Whether a seat is sent images: as its setting says, or else as its model is known to read them. */
export function seatReadsImages(seat: { model: string; vision?: boolean } | undefined): boolean {
  return seat !== undefined && (seat.vision ?? takesImagesByDefault(seat.model));
}
