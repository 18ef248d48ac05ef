'use client';

import { useState } from 'react';
import { fromMeters, type Circle, type Units } from '@/lib/explorer/geo';
import { formatDecimals as fmt } from './format-decimals';

/** The circle form's fields as typed, which follow the circle whenever it changes on the map or through the URL. */
export function useCircleFields(circle: Circle | null, units: Units) {
  const fields = {
    lon: circle ? fmt(circle.lon, 5) : '',
    lat: circle ? fmt(circle.lat, 5) : '',
    radius: circle ? fmt(fromMeters(circle.radius, units), 2) : '',
  };
  const fieldsKey = `${fields.lon}|${fields.lat}|${fields.radius}`;
  const [shownKey, setShownKey] = useState(fieldsKey);
  const [lon, setLon] = useState(fields.lon);
  const [lat, setLat] = useState(fields.lat);
  const [radius, setRadius] = useState(fields.radius);
  if (shownKey !== fieldsKey) {
    setShownKey(fieldsKey);
    setLon(fields.lon);
    setLat(fields.lat);
    setRadius(fields.radius);
  }
  return { lon, setLon, lat, setLat, radius, setRadius };
}
