// The deployments a workspace records (Hardhat Ignition, hardhat-deploy, Foundry broadcasts) and the
// ids and addresses its code names: found, read as text (never executed), paired with the
// workspace's artifacts. Pure: no vscode (the worker thread's entry is worker.ts).
export * from './types';
export { DEPLOYMENT_RECORD_GLOBS, deploymentRecordKind } from './paths';
export { MAX_RECORD_BYTES, readDeploymentRecord, type RecordContext } from './records';
export { codeReferences, MAX_CODE_REFERENCES } from './codeReferences';
export { joinArtifacts, MAX_OTHER_ARTIFACTS } from './join';
export { DeploymentFinder, type DeploymentFinderOptions } from './finder';
