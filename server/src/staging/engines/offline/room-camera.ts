/**
 * A pinhole camera looking level into a box-shaped room (one-point perspective), in metres.
 * X runs right from the camera axis, Y up from the floor, d is the distance from the camera.
 * Real-estate photos are nearly always shot this way (level camera, ~1.3 m high), so one model
 * serves both the sample-room renderer and the offline engine's furniture placement.
 */
export interface RoomCamera {
  /** Image size in pixels. */
  width: number;
  height: number;
  /** Vanishing point: x of the camera axis, y of the horizon (eye level). */
  centerX: number;
  horizonY: number;
  /** Pixels spanned by 1 m at 1 m distance. */
  focal: number;
  eyeHeight: number;
  /** Distance of the back wall. */
  backDistance: number;
}

export interface Point {
  x: number;
  y: number;
}

export function project(camera: RoomCamera, X: number, Y: number, d: number): Point {
  const scale = camera.focal / d;
  return { x: camera.centerX + X * scale, y: camera.horizonY + (camera.eyeHeight - Y) * scale };
}

/** Pixels per metre for things standing at distance d. */
export function pixelsPerMetre(camera: RoomCamera, d: number): number {
  return camera.focal / d;
}

/** Image row of the floor at distance d. */
export function floorYAt(camera: RoomCamera, d: number): number {
  return camera.horizonY + (camera.eyeHeight * camera.focal) / d;
}

/** The nearest floor distance still inside the frame (bottom image row). */
export function nearestVisibleFloor(camera: RoomCamera): number {
  return (camera.eyeHeight * camera.focal) / Math.max(1, camera.height - camera.horizonY);
}

/**
 * Camera for a photo whose back-wall floor line sits at `floorLineY`: assume a 1.3 m eye height and a
 * back wall ~5.5 m away whose 1 m spans ~11.5 % of the frame width (listing photos are wide-angle:
 * a 4–5 m wall fills about half the frame), and keep the horizon inside the upper part of the frame.
 */
export function cameraForFloorLine(width: number, height: number, floorLineY: number): RoomCamera {
  const eyeHeight = 1.3;
  const backDistance = 5.5;
  let metreAtWall = 0.115 * Math.min(width, height * 1.5);
  let horizonY = floorLineY - eyeHeight * metreAtWall;
  const minHorizon = height * 0.12;
  if (horizonY < minHorizon) {
    // The floor line is high: the back wall is further away (smaller) than assumed.
    horizonY = minHorizon;
    metreAtWall = (floorLineY - horizonY) / eyeHeight;
  }
  return { width, height, centerX: width / 2, horizonY, focal: metreAtWall * backDistance, eyeHeight, backDistance };
}
