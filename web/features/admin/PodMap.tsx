import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';

/** A coarse outline of India (longitude, latitude), enough to place a point by eye. */
const INDIA: [number, number][] = [
  [68.2, 23.7], [68.8, 22.3], [70.1, 21.0], [72.6, 21.3], [72.8, 19.0], [73.4, 16.0], [74.5, 13.9], [75.2, 12.0], [76.3, 9.9], [77.5, 8.1],
  [78.2, 8.9], [79.3, 10.3], [79.9, 12.0], [80.3, 13.5], [80.1, 15.5], [81.3, 16.4], [82.3, 17.0], [84.1, 18.3], [85.1, 19.5], [86.5, 20.2],
  [87.0, 21.5], [88.2, 21.6], [89.0, 22.0], [88.7, 24.2], [88.1, 24.5], [88.7, 26.0], [89.8, 26.0], [92.0, 25.0], [92.4, 23.8], [93.3, 23.0],
  [94.2, 23.9], [94.6, 25.2], [95.2, 26.6], [96.6, 27.3], [97.2, 28.2], [96.0, 29.4], [94.6, 29.3], [92.5, 27.8], [91.6, 27.8], [89.8, 26.7],
  [88.1, 26.6], [88.2, 27.9], [87.0, 27.5], [84.0, 27.5], [81.1, 28.6], [80.1, 28.8], [81.0, 30.2], [79.0, 31.4], [78.7, 32.5], [79.5, 33.2],
  [78.1, 35.5], [77.0, 35.7], [74.6, 37.0], [73.9, 36.6], [74.1, 35.1], [73.9, 34.4], [74.3, 33.0], [74.6, 32.1], [73.6, 31.3], [72.8, 29.8],
  [70.9, 27.8], [69.6, 26.6], [70.2, 25.7], [68.8, 24.3],
];
const BOUNDS = { west: 67.5, east: 98, south: 6, north: 37.8 };
const W = 220;
const H = Math.round((W * (BOUNDS.north - BOUNDS.south)) / (BOUNDS.east - BOUNDS.west));
const x = (lon: number) => ((lon - BOUNDS.west) / (BOUNDS.east - BOUNDS.west)) * W;
const y = (lat: number) => ((BOUNDS.north - lat) / (BOUNDS.north - BOUNDS.south)) * H;

export const geoLink = (lat: number, lon: number) => `geo:${lat},${lon}?q=${lat},${lon}`;
export const osmLink = (lat: number, lon: number) => `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`;

/**
 * Where the proof of delivery was taken, drawn without any tile server: the
 * point on an outline of India, its coordinates, and links that open the
 * place in the device's maps app (geo:) or on OpenStreetMap.
 */
export function PodMap({ latitude, longitude }: { latitude: number; longitude: number }) {
  const inside = longitude >= BOUNDS.west && longitude <= BOUNDS.east && latitude >= BOUNDS.south && latitude <= BOUNDS.north;
  const fmt = (n: number) => n.toFixed(5);
  return (
    <Paper withBorder p="xs" data-testid="pod-map">
      <Group align="flex-start" wrap="nowrap" gap="sm">
        <svg width={W / 2} height={H / 2} viewBox={`0 0 ${W} ${H}`} role="img" aria-label={`Proof of delivery location ${fmt(latitude)}, ${fmt(longitude)}`}>
          <rect x={0} y={0} width={W} height={H} fill="#eef5fb" />
          <polygon points={INDIA.map(([lo, la]) => `${x(lo).toFixed(1)},${y(la).toFixed(1)}`).join(' ')} fill="#ffffff" stroke="#8aa4bd" strokeWidth={1.5} />
          {inside && (
            <g data-testid="pod-map-point">
              <circle cx={x(longitude)} cy={y(latitude)} r={9} fill="rgba(224,49,49,0.25)" />
              <circle cx={x(longitude)} cy={y(latitude)} r={4} fill="#e03131" stroke="#fff" strokeWidth={1.5} />
            </g>
          )}
        </svg>
        <Stack gap={4}>
          <Text size="sm" fw={500}>Proof of delivery location</Text>
          <Text size="sm" ff="monospace" data-testid="pod-coordinates">
            {fmt(latitude)}, {fmt(longitude)}
          </Text>
          {!inside && <Text size="xs" c="dimmed">Outside India</Text>}
          <Anchor size="sm" href={geoLink(latitude, longitude)} data-testid="pod-geo-link">
            Open in maps app
          </Anchor>
          <Anchor size="sm" href={osmLink(latitude, longitude)} target="_blank" rel="noopener noreferrer">
            View on OpenStreetMap
          </Anchor>
        </Stack>
      </Group>
    </Paper>
  );
}
