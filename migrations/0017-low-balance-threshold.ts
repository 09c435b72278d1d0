// A wallet's low-balance threshold (cents; null: no alert). The event wallet.low_balance is written when a
// movement takes the available balance from at or above it to below it.
import { Migration } from '@mikro-orm/migrations';

export class Migration0017LowBalanceThreshold extends Migration {
  override name = '0017-low-balance-threshold';

  override up(): void {
    this.addSql('alter table wallets add column low_balance_threshold bigint check (low_balance_threshold >= 0)');
  }
}
