// Sharing projects: members and roles, invitations by link, renaming and aliases, and the overview of each project.
export { projectStanding, type ProjectStanding } from './project-access';
export {
  PROJECT_ROLES,
  addProjectMember,
  listProjectMembers,
  removeProjectMember,
  setProjectMemberRole,
  type ProjectMember,
} from './members';
export {
  PROJECT_INVITATION_TTL_MS,
  acceptProjectInvitation,
  createProjectInvitation,
  isProjectInvitationCode,
  listOpenProjectInvitations,
  previewProjectInvitation,
  revokeProjectInvitation,
  type InvitationPreview,
  type ProjectInvitation,
} from './project-invitations';
export { ALIASES_MAX, ALIAS_MAX, PROJECT_NAME_MAX, checkedAliases, renameProject, setProjectAliases } from './project-settings';
export { listProjectOverviews, type ProjectOverview } from './project-overview';
