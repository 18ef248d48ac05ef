import { test } from '@playwright/test';
import { accountJourneys } from './support/accounts-journeys';

test.describe.configure({ mode: 'serial' });
accountJourneys();
