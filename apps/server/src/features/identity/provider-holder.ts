import type { FastifyBaseLogger } from 'fastify';
import type Provider from 'oidc-provider';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { createProvider } from './provider';
import { cookieKeys } from './secrets';
import { ensureSigningKey, providerKeys } from './signing-keys';

/** How often a process looks for keys rotated by another process (`npm run admin -- keys rotate`). */
const KEY_CHECK_INTERVAL_MS = 30_000;

/**
 * Holds the provider instance and rebuilds it when the published signing keys change (a rotation,
 * or a retired key reaching its remove_after). Everything else the provider keeps lives in the
 * database, so swapping instances loses nothing.
 */
export class ProviderHolder {
  private provider!: Provider;
  private fingerprint = '';
  private checkedAt = 0;
  private checking: Promise<void> | undefined;

  private constructor(
    private readonly config: Config,
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly cookieKeys: string[],
    private readonly forgetToken?: (name: string) => void,
  ) {}

  static async open(
    config: Config,
    db: Db,
    log: FastifyBaseLogger,
    forgetToken?: (name: string) => void,
  ): Promise<ProviderHolder> {
    await ensureSigningKey(db);
    const holder = new ProviderHolder(config, db, log, await cookieKeys(db), forgetToken);
    await holder.reload();
    return holder;
  }

  /** The current provider, after a key check when one is due. */
  async current(): Promise<Provider> {
    if (Date.now() - this.checkedAt > KEY_CHECK_INTERVAL_MS) {
      this.checking ??= this.reload()
        .then(() => undefined)
        .finally(() => {
          this.checking = undefined;
        });
      await this.checking;
    }
    return this.provider;
  }

  /** Reads the keys now and rebuilds the provider if they changed; true when it did. */
  async reload(): Promise<boolean> {
    const keys = await providerKeys(this.db);
    this.checkedAt = Date.now();
    const fingerprint = keys.map((k) => k.kid).join(',');
    if (fingerprint === this.fingerprint) return false;
    if (keys.length === 0)
      throw new Error('No signing key is published; run `npm run admin -- keys rotate`');
    this.provider = createProvider({
      config: this.config,
      db: this.db,
      keys,
      cookieKeys: this.cookieKeys,
      log: this.log,
      forgetToken: this.forgetToken,
    });
    if (this.fingerprint) this.log.info({ kids: fingerprint }, 'identity signing keys changed');
    this.fingerprint = fingerprint;
    return true;
  }
}
