import { describe, expect, it } from 'vitest';
import { isNearbyTileFile, isShardFile } from '@/lib/gazetteer/absent-files';
import { shardOfQuery, shardsOfWord } from '@/lib/gazetteer/names';
import { nearbyTilesOf } from '@/lib/gazetteer/nearby';

describe('the gazetteer files answered with no rows', () => {
  it('are the shards a query or a word can name', () => {
    for (const shard of [...shardsOfWord('zzyzx'), shardOfQuery('Qx')!, shardOfQuery('4th street')!]) expect(isShardFile(`${shard}.json`)).toBe(true);
    for (const name of ['sal', 'sal.js', 'Sal.json', 's_.json', 'sa__.json', 'salt.json', '../x.json', 'sa%.json', '']) expect(isShardFile(name)).toBe(false);
  });

  it('are the one-degree tiles of the world, named as nearbyTilesOf names them', () => {
    for (const tile of [...nearbyTilesOf(-104.99, 39.74), ...nearbyTilesOf(179.5, -89.5), ...nearbyTilesOf(-0.5, 0.5)]) expect(isNearbyTileFile(`${tile}.json`)).toBe(true);
    for (const name of ['90_0.json', '-91_0.json', '0_180.json', '0_-181.json', '-0_5.json', '01_5.json', '0_5', '0_5.json.json', '0-5.json']) expect(isNearbyTileFile(name)).toBe(false);
  });
});
