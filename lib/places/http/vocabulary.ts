import { type AccountConfig, accountView } from '../auth/account';
import type { NamedId } from '../catalog';
import { Serializer } from '../serialize';
import type { PlaceStore } from '../store/types';

/** How long the tags and chains read from the store are used before they are read again. */
const FRESH_MS = 10_000;

/** The store's tags and chains, read again at most every ten seconds, and one serializer per account over them. */
export class Vocabulary {
  tags: NamedId[] = [];
  chains: NamedId[] = [];
  knownChains = new Set<string>();
  private readAt = 0;
  private serializers = new WeakMap<AccountConfig, Serializer>();

  constructor(private readonly store: Pick<PlaceStore, 'tags' | 'chains'>) {}

  async refresh(): Promise<void> {
    if (Date.now() - this.readAt <= FRESH_MS) return;
    this.tags = await this.store.tags();
    this.chains = await this.store.chains();
    this.knownChains = new Set(this.chains.map((c) => c.public_id));
    this.serializers = new WeakMap();
    this.readAt = Date.now();
  }

  serializerFor(config: AccountConfig): Serializer {
    let s = this.serializers.get(config);
    if (!s) this.serializers.set(config, (s = new Serializer(accountView(config), this.tags, this.chains)));
    return s;
  }
}
