export * from './constants/display';
export * from './constants/http';
export * from './constants/plans';
export * from './constants/product';
export * from './constants/timings';
