export * from './FakeClock';
export * from './MemoryThreadRepository';
export * from './ScriptedChat';
