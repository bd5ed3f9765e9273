import { useId } from 'react';
import { ROOM_TYPE_GROUPS, type RoomType } from '@contract/listing';
import { useTranslation } from '@/i18n/i18n';
import { cn } from '@/lib/class-names';
import { groupChoices, groupNumber, type PhotoRoom } from '../room-plan';

export interface PhotoRoomControlsProps {
  /** The rooms of all the project's photos, in photo order. */
  rooms: PhotoRoom[];
  /** Which photo these controls are for. */
  index: number;
  onRoomTypeChange(roomType: RoomType): void;
  onGroupChange(roomGroup: string): void;
  disabled?: boolean;
  photoName: string;
}

const selectClass =
  'h-8 w-full min-w-0 cursor-pointer truncate rounded-md border border-input bg-background px-2 text-xs shadow-xs focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50';

/**
 * The compact room type and "which room" selects on a photo tile (decision 025). The fourteen room
 * types are one native select with an option group per part of a home (decision 063): a phone opens
 * its own list in one tap and shows the groups' headings, a desktop browser jumps by typed letters.
 */
export function PhotoRoomControls({
  rooms,
  index,
  onRoomTypeChange,
  onGroupChange,
  disabled,
  photoName,
}: PhotoRoomControlsProps) {
  const { t } = useTranslation('staging');
  const typeId = useId();
  const groupId = useId();
  const room = rooms[index]!;
  const others = rooms.filter((_, i) => i !== index);
  const sameRoom = rooms.flatMap((r, i) =>
    i !== index && r.roomGroup === room.roomGroup ? [i + 1] : [],
  );
  const choices = groupChoices(room, others);
  const photosIn = (group: string) => rooms.flatMap((r, i) => (i !== index && r.roomGroup === group ? [i + 1] : []));
  // Options say what they do: this photo's own room, "Same room as photo N" (explicit, issue #26), or a new room.
  const groupLabel = (group: string) => {
    const name = t(room.roomType === 'auto' ? 'listing.room' : `listing.types.${room.roomType}`);
    const label = t('listing.groupLabel', { name, number: groupNumber(group) });
    const shared = photosIn(group);
    if (group === room.roomGroup) return shared.length > 0 ? label : t('listing.ownRoom', { label });
    if (shared.length > 0) return t('listing.sameRoomAs', { photos: shared.join(', '), count: shared.length });
    return t('listing.groupNew', { label });
  };
  return (
    <div className="grid gap-1.5 px-3 pb-3" data-testid="photo-room">
      <label htmlFor={typeId} className="sr-only">
        {t('listing.roomTypeFor', { name: photoName })}
      </label>
      <select
        id={typeId}
        className={selectClass}
        value={room.roomType}
        disabled={disabled}
        onChange={(event) => onRoomTypeChange(event.target.value as RoomType)}
        data-testid="room-type"
      >
        <option value="auto">{t('listing.types.auto')}</option>
        {ROOM_TYPE_GROUPS.map(([group, types]) => (
          <optgroup key={group} label={t(`listing.typeGroups.${group}`)}>
            {types.map((type) => (
              <option key={type} value={type}>
                {t(`listing.types.${type}`)}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      <label htmlFor={groupId} className="sr-only">
        {t('listing.roomFor', { name: photoName })}
      </label>
      <select
        id={groupId}
        className={cn(selectClass, sameRoom.length > 0 && 'border-primary/60 bg-primary/5')}
        value={room.roomGroup}
        disabled={disabled}
        onChange={(event) => onGroupChange(event.target.value)}
        title={t('listing.sameRoomHint')}
        data-testid="room-group"
      >
        {choices.map((group) => (
          <option key={group} value={group}>
            {groupLabel(group)}
          </option>
        ))}
      </select>
      {sameRoom.length > 0 && (
        <p className="text-[11px] leading-tight text-primary" data-testid="same-room">
          {t('listing.sameRoomAs', { photos: sameRoom.join(', '), count: sameRoom.length })}
        </p>
      )}
    </div>
  );
}
