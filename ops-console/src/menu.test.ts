import remotesList from '../../remotes.json';
import { MENU } from './menu';

test("the menu's remote screens are the consoleModules of remotes.json, each with the folder of its remote", () => {
  const fromMenu = MENU.filter((item) => item.module).map((item) => {
    const [scope = '', name = ''] = (item.module ?? '').split('/');
    return `${scope}/./${name} ${item.remote ?? ''}`;
  });
  const fromList = remotesList.remotes.flatMap((remote) =>
    remote.consoleModules.map((module) => `${remote.scope}/${module} ${remote.folder}`),
  );
  expect([...fromMenu].sort()).toEqual([...fromList].sort());
});
