import type { DomainModule } from '../types.js';
import { userHook, resetPassword, lockUser, unlockUser } from './users.js';
import { branchHook } from './branches.js';
import { groupHook, groupRoutes, saveGroupRights } from './groups.js';
import { systemUpdateRoutes } from './systemUpdate.js';
import { menuOverlayRoutes, saveMenu } from './menuOverlay.js';
import { profileRoutes } from './profile.js';
import { auditLogHook } from './auditLog.js';

export const systemModule: DomainModule = {
  hooks: { 'system/user': userHook, 'system/branch': branchHook, 'system/group': groupHook, 'system/audit-log': auditLogHook },
  ops: [resetPassword, lockUser, unlockUser, saveGroupRights, saveMenu],
  async routes(app, ctx) {
    await groupRoutes(app, ctx);
    await systemUpdateRoutes(app, ctx);
    await menuOverlayRoutes(app, ctx);
    await profileRoutes(app, ctx);
  },
};
