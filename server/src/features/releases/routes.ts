import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { AppError } from '../../platform/errors';
import { replies, success } from '../../platform/http/schemas';
import { REMOTE_FOLDERS, type RemoteFolder } from '../../platform/remotes';
import { actorOf, requireOperator } from '../operators/guard';
import { remoteFolderOf } from './storage';

const Folder = Type.Object({
  folder: Type.String({
    description: `the remote: ${REMOTE_FOLDERS.slice(0, -1).join(', ')} or ${REMOTE_FOLDERS.at(-1) ?? ''}`,
  }),
});

const ReleaseRecord = Type.Object({
  version: Type.String(),
  releasedBy: Type.String(),
  releasedAt: Type.String({ format: 'date-time' }),
  active: Type.Boolean(),
  rolledBackBy: Type.Union([Type.String(), Type.Null()]),
  rolledBackAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});

const RemoteReleases = Type.Object({
  folder: Type.String(),
  active: Type.Union([Type.String(), Type.Null()], {
    description: 'the active version; null: the remote’s own build (<folder>/dist) is served',
  }),
  history: Type.Array(ReleaseRecord, { description: 'every release, newest first' }),
  stored: Type.Array(Type.String(), { description: 'versions stored under DATA_DIR/releases/<folder>' }),
});

const ReleaseChange = Type.Object({
  folder: Type.String(),
  version: Type.Union([Type.String(), Type.Null()], {
    description: 'the version now active; null: the remote’s own build again',
  }),
  previous: Type.Union([Type.String(), Type.Null()]),
});

const folderOf = (raw: string): RemoteFolder => {
  const folder = remoteFolderOf(raw);
  if (!folder || folder !== raw) throw new AppError('NO_DATA', 404, `no remote ${raw}`);
  return folder;
};

/** GET/POST /api/ops/releases…: remote releases, admin only, audited (docs/releases.md). */
export const releaseRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { releases } = app;
  const tags = ['ops'];
  const security = [{ opsSecret: [] }];

  app.addHook('onRequest', requireOperator(app));

  app.get(
    '/releases',
    {
      schema: {
        tags,
        security,
        summary: 'Every remote’s active release, its release history and the versions stored',
        response: replies(Type.Array(RemoteReleases)),
      },
    },
    async () => success(await releases.list()),
  );

  app.post(
    '/releases/:folder',
    {
      schema: {
        tags,
        security,
        summary: 'Activate a stored version of a remote (after checking it fits the live host)',
        description:
          'Refused with 400 KEY_INVALID, nothing changed, when the build’s shared singletons are not satisfied by ' +
          'the host’s versions or it lacks a module the host loads; the message lists each problem.',
        params: Folder,
        body: Type.Object({ version: Type.String({ minLength: 1, maxLength: 64 }) }),
        response: replies(ReleaseChange),
      },
    },
    async (request) =>
      success(
        await releases.activate(folderOf(request.params.folder), request.body.version, actorOf(request)),
      ),
  );

  app.post(
    '/releases/:folder/rollback',
    {
      schema: {
        tags,
        security,
        summary: 'Roll a remote back to the release that was active before the current one',
        params: Folder,
        body: Type.Object({}, { description: 'Empty, or no body' }),
        response: replies(ReleaseChange),
      },
      // No body at all is fine too: it is read as {} before the schema check.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request) => success(await releases.rollback(folderOf(request.params.folder), actorOf(request))),
  );
};
