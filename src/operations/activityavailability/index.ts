// Activity availability (POST /activityavailability): what the rest of the suite may use of this
// folder. Everything else in it is its own; .dependency-cruiser.cjs refuses an import past this entry.
export { contract, FACTS, pricesShown } from './contract';
export * from './request';
export { activityToDescribe, discoverActivity, type Bookable, type DescribeScenario, type DiscoveryScenario } from './discover';
