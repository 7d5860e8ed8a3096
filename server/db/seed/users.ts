import type { AppContext } from '../../context';

export async function seedDemoUsers(context: AppContext): Promise<void> {
  void context;
}

export const DEMO_USERS: { label: string; email: string; password: string }[] = [];
