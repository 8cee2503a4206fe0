const t0=performance.now();
await import('./api/contract/medical-contacts.ts');
await import('./bot/locales/index.ts');
console.log('import ms', Math.round(performance.now()-t0));
