// The distance between two places and whether a car stands on the shop's lot: against distances
// known from elsewhere (a degree of latitude, Paris to London), and at a circle's edge.
import { describe, expect, it } from 'vitest';
import { distanceMetres, insideCircle, isGeoPoint } from '../../../electron/shared/geo-distance';

describe('distanceMetres', () => {
  it('is zero for one place, and the same both ways', () => {
    const a = { latitude: 48.1372, longitude: 11.5756 };
    const b = { latitude: 48.1, longitude: 11.6 };
    expect(distanceMetres(a, a)).toBe(0);
    expect(distanceMetres(a, b)).toBeCloseTo(distanceMetres(b, a), 6);
  });

  it('measures a degree of latitude as about 111.2 km, and a thousandth as about 111 m', () => {
    expect(distanceMetres({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 })).toBeCloseTo(
      111_195,
      -1,
    );
    expect(
      distanceMetres(
        { latitude: 37.4275, longitude: -121.9066 },
        { latitude: 37.4285, longitude: -121.9066 },
      ),
    ).toBeCloseTo(111.2, 0);
  });

  it('shrinks a degree of longitude towards the poles', () => {
    const atEquator = distanceMetres({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 1 });
    const at60 = distanceMetres({ latitude: 60, longitude: 0 }, { latitude: 60, longitude: 1 });
    expect(at60 / atEquator).toBeCloseTo(0.5, 3);
  });

  it('gives Paris to London as about 343.5 km, and across the antimeridian the short way', () => {
    const paris = { latitude: 48.8566, longitude: 2.3522 };
    const london = { latitude: 51.5074, longitude: -0.1278 };
    expect(distanceMetres(paris, london) / 1000).toBeCloseTo(343.5, 0);
    expect(distanceMetres({ latitude: 0, longitude: 179.9 }, { latitude: 0, longitude: -179.9 })).toBeCloseTo(
      22_239,
      -1,
    );
  });
});

describe('insideCircle', () => {
  const lot = { latitude: 37.4275, longitude: -121.9066, radiusM: 100 };
  it('holds a point inside or on the edge, not one beyond it', () => {
    expect(insideCircle(lot, lot)).toBe(true);
    // 0.0008° of latitude is about 89 m; 0.001° about 111 m.
    expect(insideCircle({ latitude: 37.4283, longitude: -121.9066 }, lot)).toBe(true);
    expect(insideCircle({ latitude: 37.4285, longitude: -121.9066 }, lot)).toBe(false);
  });

  it('knows a place a car can be at from one it cannot', () => {
    expect(isGeoPoint({ latitude: 48, longitude: 11 })).toBe(true);
    expect(isGeoPoint({ latitude: 91, longitude: 11 })).toBe(false);
    expect(isGeoPoint({ latitude: 48, longitude: Number.NaN })).toBe(false);
    expect(isGeoPoint({ latitude: 48 })).toBe(false);
  });
});
