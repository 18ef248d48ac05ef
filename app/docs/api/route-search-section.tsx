import { DEFAULT_ROUTE_BUFFER, MAX_ROUTE_BUFFER, MAX_ROUTE_KM, MAX_ROUTE_POINTS } from '@/lib/places/query/search-query';
import { Code } from './prose';

/** Searching along a route: the polyline and its buffer, the order of the results, the limits. */
export function RouteSearchSection() {
  return (
    <section aria-labelledby="route" className="flex flex-col gap-3">
      <h2 id="route" className="text-2xl font-semibold">Search along a route</h2>
      <p>
        Give <Code>route</Code>, an encoded polyline (precision 5, as routers and map libraries write it), and{' '}
        <Code>route_buffer</Code> in meters: the area is every point within the buffer of the route, whose legs are
        great-circle arcs. Every filter applies; a <Code>center</Code> and <Code>radius</Code> or a box cut the
        corridor further. Results come in the order of the route (<Code>sort=route</Code>, the default with a route),
        each with <Code>route_offset</Code> (meters along the route) and <Code>route_distance</Code> (meters from it);{' '}
        <Code>meta.total</Code> is exact. Percent-encode the polyline in the query and sign it as sent.
      </p>
      <pre className="overflow-x-auto rounded bg-slate-900 p-4 text-sm text-slate-100">
        {`GET /api/v2/search?route=_p~iF~ps%7CU_ulLnnqC_mqNvxq%60%40&route_buffer=10000&tags=campgrounds`}
      </pre>
      <p>
        Limits: {MAX_ROUTE_POINTS} points and {MAX_ROUTE_KM.toLocaleString('en-US')} km of route, a buffer of 1 to{' '}
        {MAX_ROUTE_BUFFER.toLocaleString('en-US')} m (default {DEFAULT_ROUTE_BUFFER.toLocaleString('en-US')}). Past them, or
        for a malformed polyline, the answer is 400 <Code>invalid_parameter</Code> naming <Code>route</Code> or{' '}
        <Code>route_buffer</Code>, with a message that says what is wrong.
      </p>
    </section>
  );
}
