// Preloaded (node --import) into the processes bench/run.ts starts: when the runner goes away (its IPC
// channel closes), the child stops itself with SIGTERM, so no server outlives a benchmark.
process.on('disconnect', () => process.kill(process.pid, 'SIGTERM'));
