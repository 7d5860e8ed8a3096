/** Content: categories, posts, notices and the footer's links, and the public site images. */
import type { AppModule } from '../module';
import { contentRootRoutes, contentRoutes } from './routes';

export const contentModule: AppModule = { name: 'content', register: contentRoutes, registerRoot: contentRootRoutes };
