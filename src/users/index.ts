// The current user: their information (GET/PUT /users), rights and session.
import { defineArea } from '../platform/area.ts';
import { userRoutes } from './routes.ts';
import { UserService } from './service.ts';
import { userUpdateRoutes } from './update.ts';
import { usersExamples } from './examples.ts';

export { UserService } from './service.ts';

export const usersArea = defineArea({
  name: 'users',
  examples: usersExamples,
  rights: ['user.ownInformation'],
  tags: [{ name: 'Users', description: 'The current user, their rights and the session.' }],
  create: (ctx) => new UserService(ctx),
  routes: (users, ctx) => [...userRoutes(users), ...userUpdateRoutes(ctx.db)],
});
