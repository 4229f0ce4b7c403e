import { mountDevHarness } from '../../../tooling/dev-harness';
import chatWidget from '../expose/chat-widget';

mountDevHarness('mfe_chat', { ChatWidget: { config: chatWidget } });
