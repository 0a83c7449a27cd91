import { join } from 'node:path';
import { projectRoot } from '../config/paths';

export const seedsPath = (...parts: string[]): string => join(projectRoot(), 'seeds', ...parts);
