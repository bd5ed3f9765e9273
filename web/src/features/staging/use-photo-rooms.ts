import { useCallback, useMemo, useState } from 'react';
import type { RoomType } from '@contract/listing';
import { defaultGroup, type PhotoRoom } from './room-plan';

/**
 * The room of every picked photo, by the photo's id (decision 025). A photo not yet seen starts on
 * automatic in a room of its own; changing its type moves it to that type's first room.
 */
export function usePhotoRooms(ids: string[]) {
  const [chosen, setChosen] = useState<Record<string, PhotoRoom>>({});
  const rooms = useMemo(() => {
    const out: PhotoRoom[] = [];
    for (const id of ids)
      out.push(chosen[id] ?? { roomType: 'auto', roomGroup: defaultGroup('auto', out) });
    return out;
  }, [ids, chosen]);
  const others = useCallback((index: number) => rooms.filter((_, i) => i !== index), [rooms]);
  const setRoomType = useCallback(
    (index: number, roomType: RoomType) =>
      setChosen((prev) => ({
        ...prev,
        [ids[index]!]: { roomType, roomGroup: defaultGroup(roomType, others(index)) },
      })),
    [ids, others],
  );
  const setGroup = useCallback(
    (index: number, roomGroup: string) =>
      setChosen((prev) => ({ ...prev, [ids[index]!]: { ...rooms[index]!, roomGroup } })),
    [ids, rooms],
  );
  return { rooms, setRoomType, setGroup };
}
