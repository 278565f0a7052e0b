import { domTestConfig } from '@trek/shared/testing/vitest-dom';

export default domTestConfig;
