// `npm run report`: the Allure report and the cucumber HTML report of the last run, built from its evidence stream. See src/run/report.ts.
import { main } from '../src/run/report';

main();
