// `npm run report`: the Allure report and the cucumber HTML report of the last run, built from its evidence stream. See src/commands/report/report.ts.
import { main } from '../src/commands/report/report';

main();
