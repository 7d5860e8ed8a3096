import type { AppContext } from '../../context';

export async function seedMarket(context: AppContext): Promise<void> {
  void context;
}
