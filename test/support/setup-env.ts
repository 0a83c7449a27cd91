import 'reflect-metadata';

// Tests log nothing unless asked (LOG_LEVEL=debug npm test).
process.env.LOG_LEVEL ??= 'silent';
