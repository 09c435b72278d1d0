// The rollup deltas are appended by every message write and read only by reports (between folds, a small table)
// and by the fold, which takes any of them: no key and no index to keep, one write-ahead record a delta row
// instead of three.
import { Migration } from '@mikro-orm/migrations';

export class Migration0016RollupDeltasUnindexed extends Migration {
  override name = '0016-rollup-deltas-unindexed';

  override up(): void {
    this.addSql('drop index message_rollup_deltas_org');
    this.addSql('alter table message_rollup_deltas drop column id');
  }
}
