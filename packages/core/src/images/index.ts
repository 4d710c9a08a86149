export {
  checkImage,
  describeImage,
  formatBytes,
  type ImageCheck,
  imageExtension,
  MAX_IMAGE_BYTES,
  MAX_IMAGES_PER_MESSAGE,
  sniffImage,
} from './imageCheck';
export { seatReadsImages, takesImagesByDefault } from './takesImages';
