import { GIT_ENV } from './helpers/git-env.js';

// Git run by the code under test (through simple-git) sees the same isolated environment.
Object.assign(process.env, GIT_ENV);
