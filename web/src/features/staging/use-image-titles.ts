import { useTranslation } from '@/i18n/i18n';
import { roomTitles, type RoomPhoto } from '@/lib/room-titles';

/** The titles of a run's photos by the room the user chose for each ("Bedroom 2"; "Image 3" on automatic). */
export function useImageTitles(images: RoomPhoto[]): string[] {
  const { t } = useTranslation('staging');
  return roomTitles(images, {
    room: (type) => t(`listing.types.${type}`),
    image: (n) => t('result.imageTitle', { n }),
    view: (name, n) => t('result.viewTitle', { name, n }),
  });
}
