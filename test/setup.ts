import { GIT_ENV } from './helpers/git-env.js';

// Git run by the code under test (the git adapter) sees the same isolated environment.
Object.assign(process.env, GIT_ENV);
