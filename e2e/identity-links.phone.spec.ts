import { test } from '@playwright/test';
import { identityLinkJourneys } from './support/identity-links-journeys';

test.describe.configure({ mode: 'serial' });
identityLinkJourneys();
