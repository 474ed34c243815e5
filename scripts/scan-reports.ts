// `npm run report` ends here: the Allure HTML report is built after the run's own scan, so it is
// scanned again for every secret (OTA_PASSWORD, OTA_SECRET_ENV's variables, and the sandbox's
// password when the sandbox was the target). Exit 3 when one is found, as the runner does.
import { loadConfig } from '../support/config';
import { ConfigError } from '../support/errors';
import { formatFindings, scanForSecrets } from '../support/redaction';

try {
  const config = loadConfig();
  const secrets = [...config.secrets];
  if (!config.baseUrl) secrets.push((require('../sandbox/src/credentials') as typeof import('../sandbox/src/credentials')).credentialsFromEnv().password);
  const leaks = scanForSecrets(config.reportsDir, secrets);
  if (leaks.length > 0) {
    console.error(`A SECRET WAS FOUND IN THE REPORTS — do not publish ${config.reportsDir}:\n${formatFindings(leaks)}`);
    process.exit(3);
  }
  console.log(`No secret found in ${config.reportsDir}.`);
} catch (e) {
  console.error(e instanceof ConfigError ? `Could not scan: ${e.message}` : e);
  process.exit(2);
}
