import { PROFILE_IMAGE_MAX_BYTES, PROFILE_IMAGE_TYPES } from '@trek/shared';
import { MAX_PHOTOS, type RejectedFile } from './photo-toasts';

/** Why a file was refused: the codes the rejection toast reads. */
export type RejectionCode = 'too-many-files' | 'file-invalid-type' | 'file-too-large';

const isPhotoType = (type: string) => (PROFILE_IMAGE_TYPES as readonly string[]).includes(type);

/**
 * What the dialog makes of the files dropped or chosen: the one photo to preview, or each
 * file with what is wrong with it (more than one file, not a JPEG/PNG/WebP, over 5 MB). The
 * server checks type and size again, from the bytes.
 */
export function checkPhotos(
  files: readonly File[],
): { photo: File; rejected?: never } | { photo?: never; rejected: RejectedFile[] } {
  if (files.length > MAX_PHOTOS) {
    return { rejected: files.map((file) => ({ file, errors: [{ code: 'too-many-files' }] })) };
  }
  const [file] = files;
  if (!file) return { rejected: [] };
  const errors: Array<{ code: RejectionCode }> = [];
  if (!isPhotoType(file.type)) errors.push({ code: 'file-invalid-type' });
  if (file.size > PROFILE_IMAGE_MAX_BYTES) errors.push({ code: 'file-too-large' });
  return errors.length > 0 ? { rejected: [{ file, errors }] } : { photo: file };
}

/**
 * While files are dragged over the area: whether they look acceptable. Browsers tell the number
 * and type of dragged files, not their size, so a size problem shows only once dropped.
 * 'unknown' is a file whose type the browser does not tell (hidden until the drop, or one it has
 * no type for): `checkPhotos` refuses an empty type, so the drag must not promise it is taken.
 */
export function dragVerdict(
  items: ArrayLike<{ kind: string; type: string }>,
): 'accept' | 'reject' | 'unknown' {
  const files = Array.from(items).filter((item) => item.kind === 'file');
  if (files.length === 0 || files.length > MAX_PHOTOS) return 'reject';
  if (files.some((item) => item.type !== '' && !isPhotoType(item.type))) return 'reject';
  return files.every((item) => isPhotoType(item.type)) ? 'accept' : 'unknown';
}
