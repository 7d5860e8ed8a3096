import type { AppContext } from '../../context';

export async function seedSite(context: AppContext): Promise<void> {
  void context;
}
