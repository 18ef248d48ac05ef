// geojson-path-finder ships the types of its Dijkstra beside its ES build only.
declare module 'geojson-path-finder/dist/cjs/dijkstra' {
  export { default } from 'geojson-path-finder/dist/esm/dijkstra';
}
