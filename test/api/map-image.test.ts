// The map of where a car is, as the client asks for it and reads it against the simulator over real
// HTTP: its options under the public names, the PNG checked (declared type and first bytes) and
// handed on as base64, anything else refused in words; and a public client reading the same PNG.
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { mapImageSchema } from '../../electron/shared/map-image';
import { apiRequests, caught, clientFor, useSimulator } from './support';

const simulator = useSimulator();

const asleepVin = () =>
  simulator()
    .vehicles()
    .find((v) => v.sleepState === 'asleep')!.vin;

/** A PNG's size and its pixels, decoded (8-bit RGB, filter 0 on every row, as the simulator writes). */
function decodePng(bytes: Buffer): {
  width: number;
  height: number;
  pixel: (x: number, y: number) => number[];
} {
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  const chunks: Buffer[] = [];
  for (let at = 8; at < bytes.length;) {
    const length = bytes.readUInt32BE(at);
    if (bytes.toString('latin1', at + 4, at + 8) === 'IDAT')
      chunks.push(bytes.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(chunks));
  const stride = width * 3 + 1;
  return {
    width,
    height,
    pixel: (x, y) => [...raw.subarray(y * stride + 1 + x * 3, y * stride + 4 + x * 3)],
  };
}

describe('the map through the client', () => {
  it('sends its options under the public names and hands on the PNG, the car left asleep', async () => {
    const sim = simulator();
    const vin = asleepVin();
    sim.clearRequests();
    const { client } = clientFor(sim);
    const map = await client.map(vin, { width: 320, height: 200, zoom: 15, markerSize: 40, style: 'dark' });
    expect(mapImageSchema.parse(map)).toEqual(map);
    const png = decodePng(Buffer.from(map.data, 'base64'));
    expect([png.width, png.height]).toEqual([320, 200]);
    // The marker sits where the car is: the middle of the picture.
    expect(png.pixel(160, 100)).toEqual([227, 25, 55]);
    expect(apiRequests(sim).map((r) => [r.method, r.path, r.query])).toEqual([
      ['GET', `/${vin}/map`, { width: '320', height: '200', zoom: '15', marker_size: '40', style: 'dark' }],
    ]);
    expect(sim.vehicleState(vin).sleepState).toBe('asleep');
  });

  it('the service’s defaults without options; another zoom is another picture', async () => {
    const sim = simulator();
    const { client } = clientFor(sim);
    const vin = asleepVin();
    const plain = await client.map(vin);
    const png = decodePng(Buffer.from(plain.data, 'base64'));
    expect([png.width, png.height]).toEqual([300, 300]);
    const closer = await client.map(vin, { zoom: 18 });
    expect(closer.data).not.toBe(plain.data);
    const noMarker = decodePng(Buffer.from((await client.map(vin, { markerSize: 0 })).data, 'base64'));
    expect(noMarker.pixel(150, 150)).not.toEqual([227, 25, 55]);
  });

  it('refuses an answer that is not a PNG, in words naming the map', async () => {
    const sim = simulator();
    const { client } = clientFor(sim);
    const vin = asleepVin();
    const remove = sim.injectFault({ fault: 'malformed_json', route: 'map' });
    try {
      const error = await caught(client.map(vin));
      expect(error.kind).toBe('bad_response');
      expect(error.message).toContain('reading the map of where the vehicle is');
      expect(error.message).toContain('not a PNG picture');
    } finally {
      remove();
    }
  });

  it('a size the service refuses is its 400, named', async () => {
    const sim = simulator();
    const vin = asleepVin();
    const response = await fetch(`${sim.baseUrl}/${vin}/map?style=blue`, {
      headers: { authorization: `Bearer ${sim.token}` },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'style must be light or dark' });
  });
});

describe('a public client', () => {
  it('reads the map with plain fetch and the token: a PNG of the size asked', async () => {
    const sim = simulator();
    const vin = sim.vins[0]!;
    const response = await fetch(`${sim.baseUrl}/${vin}/map?width=120&height=90&marker_size=0`, {
      headers: { authorization: `Bearer ${sim.token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    const png = decodePng(Buffer.from(await response.arrayBuffer()));
    expect([png.width, png.height]).toEqual([120, 90]);
  });
});
