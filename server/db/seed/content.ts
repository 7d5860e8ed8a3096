import type { AppContext } from '../../context';

export async function seedContent(context: AppContext): Promise<void> {
  void context;
}
