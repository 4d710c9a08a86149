import type { ImageMime } from '../transcript/schema';

// A module of its own (a type is all it imports): the host stores an image under this name and the page loads it by
// the same name, so both take it from here.

/** The file extension an image of this type is stored under. */
export function imageExtension(mime: ImageMime): string {
  return mime === 'image/jpeg' ? 'jpg' : mime.slice('image/'.length);
}
